import { createElement, lazy, type ComponentType } from "react";

/**
 * A lazy part that entry.client can load before it hydrates (ADR 063, "Lazy parts and hydration"):
 * for the root's lazy parts (~/components/layout/root-lazy-parts, the toast list), chunks of their own that
 * only some pages need and that are server-rendered when they show.
 *
 * In the browser React asks for a lazy part's chunk while hydrating, and its boundary stays
 * dehydrated until the chunk arrives. Remix's location update on every navigation is not a
 * transition and changes RemixContext, which reaches every boundary still waiting (memo cannot stop
 * a context change): React then drops the server HTML and logs error #421. So entry.client loads
 * the parts whose server HTML is on the page (an element with their `data-lazy-part` marker) before
 * hydrateRoot, and such a part then renders the loaded component directly: hydration matches the DOM,
 * not the component type, so it hydrates the server's HTML as is. On the server, and for a part whose
 * HTML was not on the first page (signing in later, a first toast), it stays `React.lazy`: only the
 * preload sets `loaded`, before anything mounts, so a mounted part never switches (which would remount it).
 */
export type LazyPart<P> = ComponentType<P> & { marker: string; preload: () => Promise<void> };

export function lazyPart<P extends object>(marker: string, load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  // React.lazy's props type (refs added) does not reduce for a generic P; the component takes P as is.
  const Lazy = lazy(() => load().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  function Part(props: P) {
    return createElement(loaded ?? Lazy, props);
  }
  Part.marker = marker;
  Part.preload = () =>
    load().then(
      (component) => void (loaded = component),
      // Chunk unreachable: hydrate anyway, as before; the lazy part asks again and its boundary keeps the server HTML meanwhile.
      () => undefined,
    );
  return Part;
}

/** entry.client, before hydrateRoot: load the parts whose server HTML is on this page (a signed-out page without a toast has none). */
export function preloadServerRenderedParts(
  document: Document,
  parts: { marker: string; preload: () => Promise<void> }[],
): Promise<unknown> {
  return Promise.all(parts.filter((part) => document.querySelector(`[data-lazy-part="${part.marker}"]`)).map((part) => part.preload()));
}
