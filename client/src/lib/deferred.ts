import { useEffect, useRef, useState, type ComponentType } from 'react';

/** What {@link useDeferredComponent} answers. */
export interface DeferredComponent<P> {
  /** The component once its module has loaded; null before. */
  Component: ComponentType<P> | null;
  /**
   * False until one frame after the freshly loaded component first rendered, then true.
   * Pass `opened && ready` to a drawer or modal so it mounts closed and then opens, which
   * keeps its opening transition on the very first open.
   */
  ready: boolean;
}

/**
 * Loads a component with a dynamic import the first time `wanted` is true, then keeps it.
 * For overlays that are closed at first paint (drawers, modals, menus), so their code stays
 * out of the JavaScript the first page loads. A failed import is logged and retried the next
 * time `wanted` turns true.
 */
export function useDeferredComponent<P>(load: () => Promise<ComponentType<P>>, wanted: boolean): DeferredComponent<P> {
  const [Component, setComponent] = useState<ComponentType<P> | null>(null);
  const [ready, setReady] = useState(false);
  const loading = useRef(false);

  useEffect(() => {
    if (!wanted || Component || loading.current) return;
    loading.current = true;
    load()
      .then((c) => setComponent(() => c))
      .catch((e: unknown) => console.warn('Deferred component failed to load', e))
      .finally(() => {
        loading.current = false;
      });
  }, [wanted, Component, load]);

  // One frame after the component first renders: by then an overlay has mounted its portal
  // closed, so opening it runs the transition.
  useEffect(() => {
    if (!Component || ready) return;
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, [Component, ready]);

  return { Component, ready };
}
