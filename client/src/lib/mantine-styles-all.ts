/**
 * The whole of Mantine's styles, layered (`@layer mantine`), for the pages and dialogs that are
 * not among the first pages (./mantine-styles-first.ts): the router loads it with those pages'
 * code (app/router.tsx `laterPage`) and the dialogs that need it import it, so the stylesheet
 * comes with their code. Source: issue 17 "the rest with their lazy chunks".
 */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
