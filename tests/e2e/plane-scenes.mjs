// What the plane's e2e tests share (tests/e2e/plane*.test.mjs): drawing scenes on canvases in
// the fixture page and reading their pixels back, colour arithmetic and WCAG contrast.

// Draws each scene on its own canvas (size x size CSS px, or [width, height]) in the fixture,
// and reads back pixels: `at` [[x, y], ...] -> [r, g, b] each; `box` [[x, y, r], ...] -> the
// distinct colours within r px ('rrggbb'); `rows` [y0, y1] -> per column, the darkest channel
// value over those rows. Canvases stay on the page (for screenshots) unless `remove`.
export async function draw(page, scenes, { remove = true } = {}) {
  return page.evaluate(
    async ({ list, remove }) => {
      const { drawPlane } = await import('/plane/plot.js');
      const main = document.getElementById('fixture');
      const out = [];
      for (const { scene, size = 300, at = [], box = [], rows = null, caption } of list) {
        const [w, h] = Array.isArray(size) ? size : [size, size];
        const figure = document.createElement('figure');
        figure.style.display = 'inline-block';
        figure.style.margin = '6px';
        const canvas = document.createElement('canvas');
        canvas.style.width = `${w}px`;
        canvas.style.height = `${h}px`;
        canvas.style.display = 'block';
        figure.append(canvas);
        if (caption) {
          const text = document.createElement('figcaption');
          text.textContent = caption;
          figure.append(text);
        }
        main.append(figure);
        const shown = drawPlane(canvas, scene);
        const ctx = canvas.getContext('2d');
        const image = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        const rgb = (x, y) => {
          const k = 4 * (Math.floor(y) * canvas.width + Math.floor(x)); // the pixel containing (x, y)
          return [image[k], image[k + 1], image[k + 2]];
        };
        const hex = (c) => c.map((v) => v.toString(16).padStart(2, '0')).join('');
        const colours = box.map(([x, y, r]) => {
          const seen = new Set();
          for (let j = Math.ceil(y - r); j <= y + r; j++)
            for (let i = Math.ceil(x - r); i <= x + r; i++) seen.add(hex(rgb(i, j)));
          return [...seen];
        });
        let darkest = null;
        if (rows) {
          darkest = [];
          for (let i = 0; i < canvas.width; i++) {
            let d = 255;
            for (let j = rows[0]; j <= rows[1]; j++) d = Math.min(d, ...rgb(i, j));
            darkest.push(d);
          }
        }
        out.push({ shown, at: at.map(([x, y]) => rgb(x, y)), colours, darkest, image: canvas.toDataURL() });
        if (remove) figure.remove();
      }
      return out;
    },
    { list: scenes, remove },
  );
}

export const close = (a, b, tolerance = 3) => a.every((v, i) => Math.abs(v - b[i]) <= tolerance);
export const rgbOf = (hex) =>
  hex.length === 4
    ? [1, 2, 3].map((i) => parseInt(hex[i] + hex[i], 16))
    : [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
// A colour at `alpha` over another (rgb arrays), as the canvas blends it.
export const over = (fg, alpha, bg = [255, 255, 255]) => fg.map((v, i) => v * alpha + bg[i] * (1 - alpha));
export const near = (colours, hex, tolerance = 40) =>
  colours.some((c) =>
    [0, 2, 4].every(
      (i) => Math.abs(parseInt(c.slice(i, i + 2), 16) - parseInt(hex.slice(i + 1, i + 3), 16)) <= tolerance,
    ),
  );
export const inside = ([x, y], size = 300) => x >= 0 && y >= 0 && x <= size && y <= size;
// [-1, 1]^2 on a 300 px canvas: data -> pixels.
export const px = (x, y) => [((x + 1) / 2) * 300, ((1 - y) / 2) * 300];

export const CLASS_COLORS = ['#c25e00', '#0877bd', '#2e7d32', '#7b3fa0', '#c2185b', '#5d4037'];

// WCAG 2 contrast ratio of two [r, g, b] colours (0..255).
export function contrast(a, b) {
  const luminance = (rgb) =>
    rgb
      .map((v) => v / 255)
      .map((u) => (u <= 0.03928 ? u / 12.92 : ((u + 0.055) / 1.055) ** 2.4))
      .reduce((sum, u, i) => sum + u * [0.2126, 0.7152, 0.0722][i], 0);
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
