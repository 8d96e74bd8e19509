import type { ReactNode } from 'react';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

interface AuthPageFrameProps {
  title: string;
  subtitle: string;
  /** The card's largest width, px (440 for sign-in, 620 for the two-column registration form). */
  maxWidth: number;
  /** The line under the form: `prompt` then a link to the other page (e.g. 'New here?', /register, 'Create an account'). */
  switchTo: { prompt: string; to: string; label: string };
  /** The form. */
  children: ReactNode;
}

/**
 * The card of the /login and /register pages: title and subtitle, the form, then the link to the
 * other page and 'Back to home'. Source: spec/accounts-and-shell.md §2 "/login page", "/register page".
 */
export function AuthPageFrame({ title, subtitle, maxWidth, switchTo, children }: AuthPageFrameProps) {
  return (
    <Stack align="center" py={{ base: 'lg', sm: 48 }} px="md">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={maxWidth}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2}>{title}</Title>
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          </Stack>
          {children}
          <Group justify="space-between">
            <Text size="sm">
              {switchTo.prompt}{' '}
              <Anchor component={Link} to={switchTo.to} fw={600}>
                {switchTo.label}
              </Anchor>
            </Text>
            <Anchor component={Link} to="/" size="sm">
              Back to home
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
