import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, FileInput, Group, Paper, ScrollArea, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFileSpreadsheet, IconPhoto, IconUpload } from '@tabler/icons-react';
import type { ImportResult, ImportRow } from '@shared/schemas/catalogue-import.schema';
import { MAX_IMPORT_PICTURES } from '@shared/schemas/catalogue-import.schema';
import { ImportRefused, saleNamesQuery, useImportCatalogue } from '../api/catalogue-import';

/** The export's sale choices until they are read. */
const NO_SALES: { id: number; name: string }[] = [];

const ACTION_COLOURS: Record<ImportRow['action'], string> = { create: 'green', update: 'blue', unchanged: 'gray', error: 'red' };
const ACTION_NAMES: Record<ImportRow['action'], string> = { create: 'New lot', update: 'Update', unchanged: 'No change', error: 'Error' };

/**
 * Admin → Import: a catalogue CSV (the template's columns) and its pictures (`{code}.jpg`,
 * `{code}_2.jpg`) are previewed first — each row as a new lot, an update, no change or an error
 * with its reason — and imported only when no row is wrong (all rows or none). Also the template
 * and the lots' export (one sale or all) as CSV. Source: issue 13 "Catalogue import and export".
 */
export function CatalogueImport() {
  const [csv, setCsv] = useState<File | null>(null);
  const [pictures, setPictures] = useState<File[]>([]);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<{ message: string; messages: string[] } | null>(null);
  const sending = useImportCatalogue();
  const busy = sending.isPending ? (sending.variables.dryRun ? 'preview' : 'import') : null;
  const sales = useQuery(saleNamesQuery()).data ?? NO_SALES;
  const [exportSale, setExportSale] = useState<string | null>(null);

  const reset = () => {
    setPreview(null);
    setDone(null);
    setProblem(null);
  };
  const run = async (dryRun: boolean) => {
    if (!csv) return;
    setProblem(null);
    try {
      const result = await sending.mutateAsync({ csv, pictures, dryRun });
      if (dryRun) setPreview(result);
      else {
        setDone(result);
        setPreview(null);
      }
    } catch (err) {
      if (err instanceof ImportRefused) {
        setProblem({ message: err.message, messages: err.result ? [] : err.messages });
        if (err.result) setPreview(err.result);
      } else setProblem({ message: 'The file could not be sent. Check the connection and try again.', messages: [] });
    }
  };

  const shown = done ?? preview;
  const hasErrors = Boolean(preview && (preview.totals.error > 0 || preview.unmatched_pictures.length > 0));

  return (
    <Stack gap="lg" data-testid="catalogue-import">
      <div>
        <Title order={1} size="h2">
          Import lots
        </Title>
        <Text c="dimmed" size="sm">
          A CSV with one row per lot, keyed by its code: a new code creates a lot, a known code updates it, and the same file twice changes nothing. Pictures
          named after the code ({'{code}'}.jpg, {'{code}'}_2.jpg) go to lots that have none yet.{' '}
          <Anchor href="/api/admin/lots/import/template" download>
            Download the template
          </Anchor>
          .
        </Text>
      </div>
      <Card withBorder radius="md" p="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FileInput
              label="Catalogue (CSV)"
              placeholder="Choose the CSV file"
              accept=".csv,text/csv"
              leftSection={<IconFileSpreadsheet size={16} />}
              value={csv}
              onChange={(f) => {
                setCsv(f);
                reset();
              }}
              clearable
              data-testid="import-csv"
            />
            <FileInput
              label={`Pictures (up to ${MAX_IMPORT_PICTURES}, or one .zip of them all)`}
              placeholder="Choose pictures or a .zip"
              accept="image/*,.zip,application/zip"
              multiple
              leftSection={<IconPhoto size={16} />}
              value={pictures}
              onChange={(f) => {
                setPictures(f);
                reset();
              }}
              clearable
              data-testid="import-pictures"
            />
          </SimpleGrid>
          <Group gap="sm">
            <Button variant="default" onClick={() => void run(true)} loading={busy === 'preview'} disabled={!csv || busy !== null} data-testid="import-preview">
              Preview
            </Button>
            <Button
              leftSection={<IconUpload size={16} />}
              onClick={() => void run(false)}
              loading={busy === 'import'}
              disabled={!preview || hasErrors || busy !== null}
              data-testid="import-commit"
            >
              {preview ? `Import ${preview.rows.length} ${preview.rows.length === 1 ? 'row' : 'rows'}` : 'Import'}
            </Button>
          </Group>
          {!preview && !done && csv && (
            <Text size="xs" c="dimmed">
              Preview first: nothing is stored until you import.
            </Text>
          )}
        </Stack>
      </Card>

      {problem && (
        <Alert color="red" title={problem.message} data-testid="import-problem">
          {problem.messages.map((m) => (
            <Text key={m} size="sm">
              {m}
            </Text>
          ))}
        </Alert>
      )}
      {done && (
        <Alert color="green" title="Imported" data-testid="import-done">
          {done.totals.create} new, {done.totals.update} updated, {done.totals.unchanged} unchanged.
        </Alert>
      )}
      {preview && !done && (
        <Alert
          color={hasErrors ? 'red' : 'blue'}
          title={hasErrors ? 'Fix these rows, then preview again' : 'Preview: nothing is stored yet'}
          data-testid="import-summary"
        >
          {preview.totals.create} new, {preview.totals.update} to update, {preview.totals.unchanged} unchanged, {preview.totals.error} with errors.
          {preview.unmatched_pictures.length > 0 && ` Pictures matching no code: ${preview.unmatched_pictures.join(', ')}.`}
        </Alert>
      )}
      {shown && <ImportRows rows={shown.rows} />}

      <Card withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h5">
            Export lots
          </Title>
          <Group align="flex-end" gap="sm">
            <Select
              label="Sale"
              placeholder="All sales"
              data={sales.map((s) => ({ value: String(s.id), label: s.name }))}
              value={exportSale}
              onChange={setExportSale}
              clearable
              searchable
              style={{ flex: 1, minWidth: 200 }}
            />
            <Button
              component="a"
              href={exportSale ? `/api/admin/lots/export?auction_type_id=${exportSale}` : '/api/admin/lots/export'}
              download
              variant="light"
              leftSection={<IconDownload size={16} />}
            >
              Download CSV
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

/** What a row does besides its action: its errors, or the fields it changes and its pictures. */
function RowDetails({ row }: { row: ImportRow }) {
  if (row.errors.length)
    return row.errors.map((e) => (
      <Text key={e} size="sm" c="red.8">
        {e}
      </Text>
    ));
  const parts = [
    row.changes.length ? `changes ${row.changes.join(', ')}` : null,
    row.pictures ? `${row.pictures} ${row.pictures === 1 ? 'picture' : 'pictures'}` : null,
  ];
  return (
    <Text size="sm" c="dimmed">
      {parts.filter(Boolean).join(' · ') || '—'}
    </Text>
  );
}

function ImportRows({ rows }: { rows: ImportRow[] }) {
  const phone = useMediaQuery('(max-width: 36em)');
  if (phone)
    return (
      <Stack gap="xs" data-testid="import-rows">
        {rows.map((r) => (
          <Paper key={r.line} withBorder radius="md" p="sm" data-testid="import-row">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} truncate>
                Line {r.line} · {r.code ?? 'no code'}
              </Text>
              <Badge color={ACTION_COLOURS[r.action]} variant="light" style={{ flexShrink: 0 }}>
                {ACTION_NAMES[r.action]}
              </Badge>
            </Group>
            <RowDetails row={r} />
          </Paper>
        ))}
      </Stack>
    );
  return (
    <ScrollArea.Autosize mah={480} type="auto">
      <Table striped verticalSpacing="xs" data-testid="import-rows" miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.line} data-testid="import-row">
              <Table.Td>{r.line}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.code ?? '—'}</Table.Td>
              <Table.Td>
                <Badge color={ACTION_COLOURS[r.action]} variant="light" style={{ flexShrink: 0, overflow: 'visible' }} miw={96}>
                  {ACTION_NAMES[r.action]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <RowDetails row={r} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
