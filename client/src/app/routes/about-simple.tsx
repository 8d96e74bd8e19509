import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PAGE_TITLES, usePageTitle } from '../../lib/page-title';

/** /about-simple: the simple test About page, titled 'About Us - Simple Test'. Source: spec §2 "About page". */
export default function AboutSimpleRoute() {
  usePageTitle(PAGE_TITLES.aboutSimple);
  return (
    <Stack align="center" py={48}>
      <Card withBorder radius="lg" padding="xl" maw={560} w="100%">
        <Stack gap="sm">
          <Title order={1}>About Us - Simple Test</Title>
          <Text>Gavel has served Malawi as auctioneers, valuers and estate agents for over 34 years.</Text>
          <Text c="dimmed" size="sm">
            This simple page checks that the About route renders without the full layout of the main About page.
          </Text>
          <Button component={Link} to="/about" variant="light" w="fit-content">
            Go to the full About page
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
