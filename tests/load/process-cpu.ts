import fs from 'node:fs';

/**
 * CPU time (user + system, ms) process `pid` has used so far, from `/proc/<pid>/stat` (clock
 * ticks of 10 ms); 0 when unreadable (not Linux, or the process is gone).
 */
export function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
