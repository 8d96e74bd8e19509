import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  luminance,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

/** Deep green, the brand colour. */
const gavel: MantineColorsTuple = ['#e8f5ee', '#cfe8da', '#a0cfb4', '#6eb58c', '#46a06b', '#2c9356', '#1c7f47', '#0f6a3a', '#0a5a31', '#064526'];

/** Gold accent. */
const gold: MantineColorsTuple = ['#fff8e1', '#ffefc4', '#fbdd8a', '#f8ca4d', '#f5ba1f', '#f3b000', '#d99c00', '#bd8700', '#a07200', '#825c00'];

/**
 * The relative luminance at or below which coloured text reads at 4.5:1 (WCAG AA for small text)
 * on white and on a colour's lightest tints (shade 1, luminance up to about 0.86):
 * (0.86 + 0.05) / 4.5 − 0.05.
 */
const READABLE_TEXT_LUMINANCE = 0.152;

/**
 * `color` darkened in steps of 5 % until it reads at 4.5:1 on white and on light tints
 * ({@link READABLE_TEXT_LUMINANCE}); a colour dark enough already is returned as it is.
 */
export function readableText(color: string): string {
  let step = 0;
  let text = color;
  while (luminance(text) > READABLE_TEXT_LUMINANCE && step < 20) text = darken(color, ++step * 0.05);
  return text;
}

/** Variants that draw a theme colour as text on white or on its own light tint. */
const TEXT_VARIANTS = new Set(['light', 'outline', 'subtle', 'transparent']);

/**
 * Mantine's variant colours, with the text of light, outline, subtle and transparent badges,
 * buttons and icons darkened where it would read under 4.5:1: Mantine's green, yellow, orange,
 * teal and others give 2.5–4.2:1 there. A colour with an explicit shade (`red.9`) is left as given.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (!TEXT_VARIANTS.has(input.variant)) return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade !== undefined) return colors;
  const shades = input.theme.colors[parsed.color];
  const text = readableText(input.variant === 'light' ? shades[9] : shades[7]);
  return { ...colors, color: text, ...(input.variant === 'outline' ? { border: `1px solid ${text}` } : {}) };
};

/** The names of a pager's arrow buttons. */
const PAGER_CONTROLS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

/** The Mantine theme of Gavel: deep green with a gold accent, rounded and calm. */
export const theme = createTheme({
  primaryColor: 'gavel',
  primaryShade: { light: 7, dark: 5 },
  colors: { gavel, gold },
  // Text on a filled badge, button or icon is black or white, whichever reads at 4.5:1 or better
  // (WCAG AA): 0.179 is the relative luminance where both give the same contrast. White on
  // Mantine's teal, orange or blue read at 3.0–4.2:1, hard in a bright yard.
  autoContrast: true,
  luminanceThreshold: 0.179,
  variantColorResolver,
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
    // The arrow buttons of every pager say what they do (they show only an icon).
    Pagination: { defaultProps: { getControlProps: (control: keyof typeof PAGER_CONTROLS) => ({ 'aria-label': PAGER_CONTROLS[control] }) } },
    // A link inside a sentence is underlined, not told from the text by its colour alone (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
  },
});

/**
 * Light-scheme text colours that read at 4.5:1 or better on the page's backgrounds (white,
 * #f6f8f7, #f8f9fa): secondary ("dimmed") text at 5.4:1, where Mantine's grey 6 gave 3.1–3.3:1,
 * and each theme colour's text (`<Text c="orange">`, links) darkened where needed
 * ({@link readableText}). Passed to every MantineProvider (the app and the drawn first screens).
 * Source: WCAG 2.1 AA 1.4.3 "Contrast (Minimum)".
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f676f',
    // Placeholders (an empty file or text field's hint) at 4.9:1 on white, where grey 5 gave 2.1:1.
    '--mantine-color-placeholder': '#6b7178',
    ...Object.fromEntries(
      Object.entries(t.colors).flatMap(([name, shades]) => {
        const text = readableText(shades[7]);
        return text === shades[7] ? [] : [[`--mantine-color-${name}-text`, text]];
      }),
    ),
  },
  dark: {},
});
