// Files dragged onto a drop target of the upload panel (the panel itself, the plane): a visible
// drag-over state while a file is over it, then open(file) for the first file dropped. `handled`
// (a WeakSet shared by the panel's targets) makes one drop one read when targets nest.

/** Watches `target`; returns the function that stops watching it. */
export function watchDrops(target, { handled, open }) {
  let depth = 0;
  const hasFiles = (event) => Array.from(event.dataTransfer?.types ?? []).includes('Files');
  const set = (on) => target.classList.toggle('upload-drop-active', on);
  const handlers = {
    dragenter: (event) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth++;
      set(true);
    },
    dragover: (event) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      set(true);
    },
    dragleave: (event) => {
      if (!hasFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) set(false);
    },
    drop: (event) => {
      depth = 0;
      set(false);
      const file = event.dataTransfer?.files?.[0];
      if (!file) return;
      event.preventDefault();
      // The panel inside the plane's element (or the reverse): one drop, one read.
      if (handled.has(event)) return;
      handled.add(event);
      open(file);
    },
  };
  for (const [type, handler] of Object.entries(handlers)) target.addEventListener(type, handler);
  return () => {
    for (const [type, handler] of Object.entries(handlers)) target.removeEventListener(type, handler);
  };
}
