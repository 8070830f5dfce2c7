// The Dataset select's entries that load a data mode (modes.js) rather than dense data: value
// (the link's data= and the element's dataset=), label, and the mode's kind.
export const MODE_PRESETS = Object.freeze([
  { name: 'spam', label: 'Spam messages (text)', mode: 'text' },
  { name: 'tagging', label: 'Tagged sentences', mode: 'sequences' },
]);

export const modePresetOf = (name) => MODE_PRESETS.find((preset) => preset.name === name);
