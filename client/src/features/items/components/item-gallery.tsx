import { useEffect, useState } from 'react';
import { ActionIcon, Portal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhoto, IconX, IconZoomIn } from '@tabler/icons-react';
import type { PictureSource } from '../../../lib/picture-srcset';
import { Picture } from '../../../components/picture';
import classes from './item-gallery.module.css';

/**
 * Picture gallery of the item page: the main picture, thumbnails in a grid of 5, and a
 * full-screen lightbox (click outside the picture or press Escape to close; arrows to move).
 * A picture with stored sizes is given as `srcSet`, so each place loads the width it needs
 * (issue 13 "Lots (items)"). Source: spec/shopping.md §2 "Item detail".
 */
export function ItemGallery({ images, name }: { images: PictureSource[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const count = images.length;

  const imagesKey = images.map((i) => i.src).join('|');
  useEffect(() => setIndex(0), [imagesKey]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
      if (e.key === 'ArrowRight') setIndex((i) => (i + 1) % count);
      if (e.key === 'ArrowLeft') setIndex((i) => (i - 1 + count) % count);
    };
    window.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [open, count]);

  if (count === 0) {
    return (
      <div className={classes.noImage} data-testid="gallery-no-image">
        <IconPhoto size={48} stroke={1.4} />
        <Text fw={600}>No Image</Text>
      </div>
    );
  }

  const current = images[Math.min(index, count - 1)];
  return (
    <Stack gap="sm" data-testid="gallery">
      <button
        type="button"
        className={classes.main}
        onClick={() => setOpen(true)}
        aria-label={count > 1 ? `Open full-screen picture ${index + 1} / ${count}` : 'Zoom: open full-screen picture'}
      >
        {/* The page's largest picture: fetched first (issue 17 "the first lot pictures prioritised"). */}
        <Picture source={current} sizes="(max-width: 62em) 100vw, 58vw" alt={name} fetchPriority="high" />
        <span className={classes.zoomHint}>
          <IconZoomIn size={14} /> {count > 1 ? `${index + 1} / ${count}` : 'Zoom'}
        </span>
      </button>
      {count > 1 && (
        <SimpleGrid cols={5} spacing="xs">
          {images.map((picture, i) => (
            <button
              key={picture.src}
              type="button"
              className={`${classes.thumb} ${i === index ? classes.thumbActive : ''}`}
              onClick={() => setIndex(i)}
              aria-label={`Show picture ${i + 1}`}
              aria-current={i === index}
            >
              <Picture source={picture} sizes="160px" alt="" loading="lazy" />
            </button>
          ))}
        </SimpleGrid>
      )}
      {open && (
        <Portal>
          <div className={classes.lightbox} onClick={() => setOpen(false)} role="dialog" aria-modal="true" aria-label="Picture viewer" data-testid="lightbox">
            <Picture source={current} sizes="100vw" alt={name} onClick={(e) => e.stopPropagation()} />
            <ActionIcon className={classes.lbClose} variant="filled" color="dark" size="lg" radius="xl" onClick={() => setOpen(false)} aria-label="Close">
              <IconX size={20} />
            </ActionIcon>
            {count > 1 && (
              <>
                <ActionIcon
                  className={classes.lbPrev}
                  variant="filled"
                  color="dark"
                  size="xl"
                  radius="xl"
                  aria-label="Previous picture"
                  onClick={(e) => {
                    e.stopPropagation();
                    setIndex((i) => (i - 1 + count) % count);
                  }}
                >
                  <IconChevronLeft />
                </ActionIcon>
                <ActionIcon
                  className={classes.lbNext}
                  variant="filled"
                  color="dark"
                  size="xl"
                  radius="xl"
                  aria-label="Next picture"
                  onClick={(e) => {
                    e.stopPropagation();
                    setIndex((i) => (i + 1) % count);
                  }}
                >
                  <IconChevronRight />
                </ActionIcon>
                <div className={classes.lbCounter}>
                  {index + 1} / {count}
                </div>
              </>
            )}
          </div>
        </Portal>
      )}
    </Stack>
  );
}
