import { Text } from '@mantine/core';

/** Placeholder while the page is built (issue 15). */
export default function Route() {
  return <Text>Loading…</Text>;
}
