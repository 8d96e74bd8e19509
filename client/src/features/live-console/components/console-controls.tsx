import { Button, Card, Group, Kbd, SimpleGrid, Stack, Text, TextInput, type MantineColor } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconGavel,
  IconHandStop,
  IconLock,
  IconLockOpen,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerSkipForward,
  IconPlayerTrackNext,
  IconSend,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { LiveAction } from '@shared/schemas/live-sale.schema';
import classes from './live-console.module.css';

/** Which actions the room allows now, by action; a missing entry is allowed. */
export type ActionAllowed = (action: LiveAction) => boolean;

/** One large touch-friendly button of the console (at least 56 px high) with its key shown. */
function ActionButton(props: {
  testId: string;
  label: string;
  shortcut?: string;
  icon: ReactNode;
  color?: MantineColor;
  variant?: 'filled' | 'light' | 'outline' | 'default';
  disabled: boolean;
  loading: boolean;
  onClick: () => void;
  fullWidth?: boolean;
}) {
  return (
    <Button
      className={classes.bigButton}
      data-testid={props.testId}
      size="lg"
      fz="md"
      color={props.color}
      variant={props.variant ?? 'filled'}
      leftSection={props.icon}
      rightSection={
        props.shortcut ? (
          <Kbd size="xs" visibleFrom="md">
            {props.shortcut}
          </Kbd>
        ) : undefined
      }
      justify="space-between"
      disabled={props.disabled}
      loading={props.loading}
      onClick={props.onClick}
      fullWidth
      style={props.fullWidth ? { flex: 1 } : undefined}
    >
      {props.label}
    </Button>
  );
}

/**
 * The clerk's buttons (issue 15 "The clerk's console"): a paddle number and Floor bid, Fair warning,
 * Sold, Pass, Undo, Open next lot, Next lot, Pause/Resume and Lock/Unlock online bidding (each one
 * toggling), and the message to bidders with Send (an empty message clears it). A button is enabled
 * only when `allowed` says the room takes that action now; `busy` is the action being sent.
 */
export function ConsoleControls(props: {
  paused: boolean;
  locked: boolean;
  busy: LiveAction | null;
  allowed: ActionAllowed;
  paddle: string;
  paddleError: string | null;
  onPaddleChange: (value: string) => void;
  message: string;
  onMessageChange: (value: string) => void;
  onAction: (action: LiveAction) => void;
  onSendMessage: () => void;
}) {
  const { busy, allowed, onAction } = props;
  const button = (
    action: LiveAction,
    testId: string,
    label: string,
    icon: ReactNode,
    extra: { shortcut?: string; color?: MantineColor; variant?: 'filled' | 'light' | 'outline' | 'default' } = {},
  ) => (
    <ActionButton testId={testId} label={label} icon={icon} disabled={!allowed(action)} loading={busy === action} onClick={() => onAction(action)} {...extra} />
  );
  const pauseAction: LiveAction = props.paused ? 'resume' : 'pause';
  const lockAction: LiveAction = props.locked ? 'unlock' : 'lock';

  return (
    <Card withBorder padding="sm" radius="md">
      <Stack gap="sm">
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            data-testid="console-paddle-input"
            aria-label="Paddle number"
            placeholder="Paddle"
            size="lg"
            w={112}
            maxLength={12}
            autoComplete="off"
            inputMode="text"
            value={props.paddle}
            error={props.paddleError}
            onChange={(e) => props.onPaddleChange(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && allowed('floor-bid')) onAction('floor-bid');
            }}
            styles={{ input: { minHeight: 56 } }}
          />
          <ActionButton
            testId="console-floor-bid"
            label="Floor bid"
            shortcut="F"
            icon={<IconHandStop size={22} />}
            disabled={!allowed('floor-bid')}
            loading={busy === 'floor-bid'}
            onClick={() => onAction('floor-bid')}
            fullWidth
          />
        </Group>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
          {button('fair-warning', 'console-fair-warning', 'Fair warning', <IconAlertTriangle size={20} />, { shortcut: 'W', color: 'orange' })}
          {button('sold', 'console-sold', 'Sold', <IconGavel size={20} />, { shortcut: 'S', color: 'green' })}
          {button('pass', 'console-pass', 'Pass', <IconX size={20} />, { shortcut: 'P', color: 'red', variant: 'light' })}
          {button('undo', 'console-undo', 'Undo', <IconArrowBackUp size={20} />, { shortcut: 'U', variant: 'default' })}
          {button('open', 'console-open', 'Open next lot', <IconPlayerPlay size={20} />, { variant: 'light' })}
          {button('next', 'console-next', 'Next lot', <IconPlayerTrackNext size={20} />, { shortcut: 'N', variant: 'light' })}
          {button(
            pauseAction,
            'console-pause',
            props.paused ? 'Resume' : 'Pause',
            props.paused ? <IconPlayerSkipForward size={20} /> : <IconPlayerPause size={20} />,
            {
              shortcut: 'Space',
              color: props.paused ? 'green' : 'yellow',
              variant: props.paused ? 'filled' : 'light',
            },
          )}
          {button(
            lockAction,
            'console-lock',
            props.locked ? 'Unlock online' : 'Lock online',
            props.locked ? <IconLockOpen size={20} /> : <IconLock size={20} />,
            {
              shortcut: 'L',
              color: props.locked ? 'red' : 'gray',
              variant: props.locked ? 'filled' : 'light',
            },
          )}
        </SimpleGrid>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            props.onSendMessage();
          }}
        >
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              data-testid="console-message-input"
              aria-label="Message to bidders"
              placeholder="Message to bidders"
              size="md"
              maxLength={200}
              style={{ flex: 1, minWidth: 0 }}
              value={props.message}
              onChange={(e) => props.onMessageChange(e.currentTarget.value)}
              styles={{ input: { minHeight: 48 } }}
            />
            <Button type="submit" data-testid="console-send-message" size="md" h={48} leftSection={<IconSend size={18} />} loading={busy === 'message'}>
              Send
            </Button>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            Shown to everyone in the room; send an empty message to clear it.
          </Text>
        </form>
      </Stack>
    </Card>
  );
}
