import { ActionIcon, Badge, Button, Card, Group, Image, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCamera, IconPhotoPlus, IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { LotView } from '@shared/schemas/lot.schema';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useLotPictureChanges } from '../api/lot-images';
import { thumbnailOf } from '../utils/lot-display';
import classes from './lot-pictures.module.css';

/** The message of a failed call. */
const failure = (e: unknown, fallback: string) => (e instanceof ApiError ? e.message : fallback);

/**
 * A lot's pictures: drop many files on the area (or choose them; on a phone, take a photo with the
 * camera), thumbnails in order with the cover first; each can be moved left or right (or dragged
 * onto another's place), made the cover, or deleted. The server checks each file (a picture, at
 * most 15 MB and 40 megapixels) and stores its sizes; its 422 message is shown as it is.
 * Each answer goes into the cache (the lot's page shows it). Source: issue 13 "Lots (items)" (pictures).
 */
export function LotPictures({ lot }: { lot: LotView }) {
  const chooser = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const { upload: uploadMutation, arrange, remove } = useLotPictureChanges(lot.id);
  const [over, setOver] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const images = lot.images;
  const uploading = uploadMutation.isPending ? uploadMutation.variables.length : 0;
  const busy = arrange.isPending || remove.isPending;

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    try {
      await uploadMutation.mutateAsync(files);
      notifySuccess(files.length === 1 ? 'Picture added.' : `${files.length} pictures added.`);
    } catch (e) {
      notifyError(failure(e, 'The pictures could not be uploaded.'));
    }
  };

  const change = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notifySuccess(done);
    } catch (e) {
      notifyError(failure(e, 'The pictures could not be changed.'));
    }
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= images.length || from === to) return;
    const order = images.map((i) => i.id);
    const [id] = order.splice(from, 1);
    order.splice(to, 0, id);
    void change(() => arrange.mutateAsync({ order }), to === 0 ? 'New cover chosen.' : 'Pictures reordered.');
  };

  const picked = (input: HTMLInputElement | null) => {
    const files = input?.files ? [...input.files] : [];
    if (input) input.value = '';
    void upload(files);
  };

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="lot-pictures">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4">
            Pictures
          </Title>
          <Text size="sm" c="dimmed">
            {images.length === 0 ? 'None yet' : `${images.length} · the first is the cover`}
          </Text>
        </Group>
        <div
          className={classes.drop}
          data-over={over || undefined}
          onDragOver={(e) => {
            if (![...e.dataTransfer.types].includes('Files')) return;
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(e) => {
            if (!e.dataTransfer.files.length) return;
            e.preventDefault();
            setOver(false);
            void upload([...e.dataTransfer.files]);
          }}
        >
          <Stack gap="xs" align="center">
            <IconPhotoPlus size={28} stroke={1.5} />
            <Text size="sm" ta="center">
              {uploading ? `Uploading ${uploading} ${uploading === 1 ? 'picture' : 'pictures'}…` : 'Drop pictures here, or'}
            </Text>
            <Group gap="xs" justify="center">
              <Button size="sm" variant="light" onClick={() => chooser.current?.click()} loading={uploading > 0} leftSection={<IconPhotoPlus size={16} />}>
                Choose pictures
              </Button>
              <Button
                size="sm"
                variant="light"
                hiddenFrom="sm"
                onClick={() => camera.current?.click()}
                disabled={uploading > 0}
                leftSection={<IconCamera size={16} />}
              >
                Take a photo
              </Button>
            </Group>
            <Text size="xs" c="dimmed" ta="center">
              JPEG, PNG, WebP, AVIF/HEIF · at most 15 MB and 40 megapixels each
            </Text>
          </Stack>
          <input
            ref={chooser}
            type="file"
            accept="image/*"
            multiple
            hidden
            onChange={(e) => picked(e.currentTarget)}
            data-testid="lot-pictures-input"
            aria-label="Choose pictures"
          />
          <input ref={camera} type="file" accept="image/*" capture="environment" hidden onChange={(e) => picked(e.currentTarget)} aria-label="Take a photo" />
        </div>

        {images.length > 0 && (
          <SimpleGrid cols={{ base: 2, xs: 3, md: 4, lg: 5 }} spacing="sm">
            {images.map((img, index) => (
              <div
                key={img.id}
                className={classes.thumb}
                data-dragged={dragged === index || undefined}
                draggable
                onDragStart={(e) => {
                  setDragged(index);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragEnd={() => setDragged(null)}
                onDragOver={(e) => {
                  if (dragged !== null) e.preventDefault();
                }}
                onDrop={(e) => {
                  if (dragged === null) return;
                  e.preventDefault();
                  move(dragged, index);
                  setDragged(null);
                }}
                data-testid="lot-picture"
              >
                <Image src={thumbnailOf(img)} alt={`Picture ${index + 1} of ${lot.name}`} radius="md" h={110} fit="cover" />
                {img.cover && (
                  <Badge className={classes.cover} size="sm" color="yellow" variant="filled">
                    Cover
                  </Badge>
                )}
                <Group gap={2} justify="space-between" mt={4} wrap="nowrap">
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label="Move left" onClick={() => move(index, index - 1)} disabled={busy || index === 0}>
                      <IconArrowLeft size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" aria-label="Move right" onClick={() => move(index, index + 1)} disabled={busy || index === images.length - 1}>
                      <IconArrowRight size={16} />
                    </ActionIcon>
                  </Group>
                  <Group gap={2} wrap="nowrap">
                    <Tooltip label={img.cover ? 'The cover' : 'Make it the cover'}>
                      <ActionIcon
                        variant="subtle"
                        color="yellow"
                        aria-label={img.cover ? 'The cover' : 'Make it the cover'}
                        onClick={() => !img.cover && void change(() => arrange.mutateAsync({ cover: img.id }), 'New cover chosen.')}
                        disabled={busy}
                      >
                        {img.cover ? <IconStarFilled size={16} /> : <IconStar size={16} />}
                      </ActionIcon>
                    </Tooltip>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label="Delete picture"
                      onClick={() => void change(() => remove.mutateAsync(img.id), 'Picture deleted.')}
                      disabled={busy}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              </div>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
