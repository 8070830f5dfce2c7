// What the page's two canvases share: the colours and sizing the backing store for the screen.

// Colours meet WCAG AA on white and on both tints: dots and lines at least 3:1 (graphics),
// labels at least 4.5:1 (style.css has the same class colours).
export const COLORS = Object.freeze({
  positive: '#0877bd', // class +1 (blue)
  negative: '#c25e00', // class -1 (orange)
  positiveTint: 'rgba(8, 119, 189, 0.13)',
  negativeTint: 'rgba(194, 94, 0, 0.13)',
  axis: 'rgba(0, 0, 0, 0.5)',
  grid: 'rgba(0, 0, 0, 0.06)',
  label: 'rgba(0, 0, 0, 0.72)', // 7:1 or more on white and the tints
  line: '#333',
  arrow: '#222',
  ring: '#111',
  mistake: '#d62728',
  cursor: 'rgba(0, 0, 0, 0.55)',
});

/** Sizes a canvas's backing store for its CSS size and the device pixel ratio; returns the CSS size. */
export function fitToDisplay(canvas) {
  const dpr = window.devicePixelRatio || 1;
  const rect = canvas.getBoundingClientRect();
  const width = Math.max(1, Math.round(rect.width * dpr));
  const height = Math.max(1, Math.round(rect.height * dpr));
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  const ctx = canvas.getContext('2d');
  ctx.setTransform(width / rect.width || dpr, 0, 0, height / rect.height || dpr, 0, 0);
  return { ctx, width: rect.width, height: rect.height };
}
