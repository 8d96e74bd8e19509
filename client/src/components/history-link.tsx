import { Anchor } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * A small one-click link into the audit trail (an address from `auditHref`), for operators'
 * rows and cards: `History` of a lot, order or registration, `Activity` of a user.
 */
export function HistoryLink({ to, label, title }: { to: string; label: string; title?: string }) {
  return (
    <Anchor component={Link} to={to} size="xs" title={title} style={{ display: 'inline-flex', alignItems: 'center', gap: 3, whiteSpace: 'nowrap' }}>
      <IconHistory size={13} stroke={1.8} aria-hidden />
      {label}
    </Anchor>
  );
}
