import type { ReactNode } from 'react';
import { Box, Container } from '@mantine/core';

/**
 * The page column under the header: at least a screen tall, so the footer starts below the fold
 * and cannot jump when a page's data arrives (issue 17 "No layout shift"). The app's frame and the
 * first screen the server sends with the HTML use this one column, so the two line up.
 */
export function PageContainer({ children }: { children: ReactNode }) {
  return (
    <Box component="main" style={{ flex: 1, minHeight: '100vh' }}>
      <Container size={1400} py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
        {children}
      </Container>
    </Box>
  );
}
