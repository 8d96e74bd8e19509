import { Alert, Anchor, Badge, Group, Kbd, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconExternalLink } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { clerkActionRefusal, type LiveRoomFacts } from '@shared/rules/live-sale';
import { liveFloorBidInputSchema, type LiveAction, type LiveState } from '@shared/schemas/live-sale.schema';
import { notifyWarning } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/page-title';
import { useConsoleShortcuts, SHORTCUT_KEYS, type ConsoleCommand } from '../hooks/use-console-shortcuts';
import { useLiveConsole } from '../hooks/use-live-console';
import { useOnlineBidAlert } from '../hooks/use-online-bid-alert';
import { primeBeep } from '../utils/beep';
import { ConsoleBidStream } from './console-bid-stream';
import { ConsoleBlock } from './console-block';
import { ConsoleControls } from './console-controls';
import { ConsoleLotList } from './console-lot-list';
import classes from './live-console.module.css';

/** What the shared rule needs to know of the room (the same answers the server refuses with). */
function roomFacts(state: LiveState): LiveRoomFacts {
  const lot = state.lot;
  return {
    status: state.status,
    lotLabel: lot ? String(lot.lot_number ?? lot.id) : null,
    hasBid: state.high_bid != null,
    reserveMet: lot?.reserve_met ?? null,
    reservePrice: lot?.reserve_price ?? null,
  };
}

/** The legend of the keys, for a clerk at a laptop. */
function ShortcutLegend() {
  const items: [ConsoleCommand, string][] = [
    ['floor-bid', 'floor bid'],
    ['fair-warning', 'fair warning'],
    ['sold', 'sold'],
    ['pass', 'pass'],
    ['next', 'next lot'],
    ['undo', 'undo (or Ctrl+Z)'],
    ['pause-toggle', 'pause/resume'],
    ['lock-toggle', 'lock/unlock online'],
  ];
  return (
    <Group gap="sm" wrap="wrap" data-testid="console-shortcuts" visibleFrom="md">
      <Text size="xs" c="dimmed">
        Keys:
      </Text>
      {items.map(([command, text]) => (
        <Text key={command} size="xs" c="dimmed">
          <Kbd size="xs">{SHORTCUT_KEYS[command]}</Kbd> {text}
        </Text>
      ))}
    </Group>
  );
}

/**
 * `/admin/live/{saleId}`: the clerk's console of a live sale (issue 15 "The clerk's console"). The
 * sale's lots (open any available one), the lot on the block with the asking price, the high bid
 * and its holder, the reserve, the bid stream (new online bids highlighted, with a beep), and large
 * buttons for the clerk's actions with keyboard shortcuts. State comes from the console's API and
 * the room's live pushes; buttons are enabled by the same rule the server refuses with
 * (`clerkActionRefusal` in shared/rules/live-sale.ts). Works from a 390 px phone to a laptop.
 */
export function LiveConsole({ saleId }: { saleId: number }) {
  const { state, lots, loadError, connected, busy, act } = useLiveConsole(saleId);
  const [paddle, setPaddle] = useState('');
  const [paddleError, setPaddleError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [sound, setSound] = useState(true);
  const fresh = useOnlineBidAlert(state, sound);
  usePageTitle(state ? `Clerk: ${state.sale.name}` : 'Clerk’s console');

  const facts = useMemo(() => (state ? roomFacts(state) : null), [state]);
  const refusal = useCallback((action: LiveAction) => (facts ? clerkActionRefusal(action, facts) : 'The console is loading.'), [facts]);
  const allowed = useCallback((action: LiveAction) => refusal(action) === null, [refusal]);

  const perform = useCallback(
    async (action: LiveAction) => {
      primeBeep();
      if (action === 'floor-bid') {
        const parsed = liveFloorBidInputSchema.safeParse({ paddle });
        if (!parsed.success) {
          setPaddleError(parsed.error.issues[0]?.message ?? 'Check the paddle number.');
          return;
        }
        setPaddleError(null);
        if (await act('floor-bid', { paddle: parsed.data.paddle })) setPaddle('');
        return;
      }
      await act(action);
    },
    [act, paddle],
  );

  const onCommand = useCallback(
    (command: ConsoleCommand) => {
      primeBeep();
      if (!state) return;
      const action: LiveAction =
        command === 'pause-toggle'
          ? state.status === 'paused'
            ? 'resume'
            : 'pause'
          : command === 'lock-toggle'
            ? state.online_locked
              ? 'unlock'
              : 'lock'
            : command;
      const why = refusal(action);
      if (why) notifyWarning(why);
      else void perform(action);
    },
    [state, refusal, perform],
  );
  useConsoleShortcuts(onCommand, state !== null);

  const sendMessage = async () => {
    primeBeep();
    if (await act('message', { text: message })) setMessage('');
  };

  const openLot = (lotId: number) => {
    primeBeep();
    void act('open', { lot_id: lotId });
  };

  if (loadError)
    return (
      <Alert color="red" title="The console cannot be shown" data-testid="live-console-error">
        {loadError}
      </Alert>
    );
  if (!state)
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );

  const freshOnlineLead = state.bids.length > 0 && fresh.has(state.bids[0]!.id);

  return (
    <Stack gap="md" data-testid="live-console">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/admin/sales/${saleId}`} size="sm">
              <Group gap={4} wrap="nowrap" component="span">
                <IconArrowLeft size={14} /> The sale
              </Group>
            </Anchor>
            <Title order={1} size="h3" lh={1.2}>
              Clerk’s console: {state.sale.name}
            </Title>
          </div>
          <Group gap="sm" wrap="wrap">
            <Badge color={connected ? 'green' : 'red'} variant="dot" size="lg" data-testid="console-connection">
              {connected ? 'Live' : 'Reconnecting…'}
            </Badge>
            <Switch label="Beep on online bids" checked={sound} onChange={(e) => setSound(e.currentTarget.checked)} size="sm" />
            <Anchor href={`/live/${saleId}`} target="_blank" rel="noopener" size="sm" data-testid="console-public-room">
              <Group gap={4} wrap="nowrap" component="span">
                Public room <IconExternalLink size={14} />
              </Group>
            </Anchor>
          </Group>
        </Group>
        <ShortcutLegend />
      </Stack>

      <div className={classes.layout}>
        <div className={classes.block}>
          <ConsoleBlock state={state} fresh={freshOnlineLead} />
        </div>
        <div className={classes.controls}>
          <ConsoleControls
            paused={state.status === 'paused'}
            locked={state.online_locked}
            busy={busy}
            allowed={allowed}
            paddle={paddle}
            paddleError={paddleError}
            onPaddleChange={(v) => {
              setPaddle(v);
              setPaddleError(null);
            }}
            message={message}
            onMessageChange={setMessage}
            onAction={(a) => void perform(a)}
            onSendMessage={() => void sendMessage()}
          />
        </div>
        <div className={classes.bids}>
          <ConsoleBidStream bids={state.bids} fresh={fresh} />
        </div>
        <div className={classes.lots}>
          <ConsoleLotList lots={lots} blockLotId={state.lot?.id ?? null} canOpen={allowed('open')} busy={busy !== null} onOpen={openLot} />
        </div>
      </div>
    </Stack>
  );
}
