import { ConfigError, loadConfig } from './config.js';
import { startServer } from './server.js';

/** Entry point of `npm run server` / `npm start`: reads configuration, starts, stops on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const server = await startServer(config);
  console.log(`\n  Gavel is running at http://localhost:${server.port}  (database: ${server.database.engine})\n`);
  const stop = async (signal: string) => {
    server.logger.info({ signal }, 'shutting down');
    await server.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
