import { Card, Group, Skeleton, Stack } from '@mantine/core';

/** Placeholder card shown while the listing loads. */
export function ItemCardSkeleton() {
  return (
    <Card withBorder radius="md" padding={0} data-testid="item-card-skeleton">
      <Skeleton style={{ aspectRatio: '4 / 3' }} radius={0} />
      <Stack p="md" gap="sm">
        <Skeleton height={10} width="40%" />
        <Skeleton height={16} width="90%" />
        <Skeleton height={16} width="60%" />
        <Skeleton height={26} width="50%" />
        <Skeleton height={8} />
        <Group grow>
          <Skeleton height={34} />
          <Skeleton height={34} />
        </Group>
      </Stack>
    </Card>
  );
}
