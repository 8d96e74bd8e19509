import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Deep green, the brand colour. */
const gavel: MantineColorsTuple = ['#e8f5ee', '#cfe8da', '#a0cfb4', '#6eb58c', '#46a06b', '#2c9356', '#1c7f47', '#0f6a3a', '#0a5a31', '#064526'];

/** Gold accent. */
const gold: MantineColorsTuple = ['#fff8e1', '#ffefc4', '#fbdd8a', '#f8ca4d', '#f5ba1f', '#f3b000', '#d99c00', '#bd8700', '#a07200', '#825c00'];

/** The Mantine theme of Gavel: deep green with a gold accent, rounded and calm. */
export const theme = createTheme({
  primaryColor: 'gavel',
  primaryShade: { light: 7, dark: 5 },
  colors: { gavel, gold },
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '750',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Badge: { defaultProps: { radius: 'sm' } },
    Paper: { defaultProps: { shadow: 'xs' } },
  },
});
