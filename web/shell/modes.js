// The page's data modes besides today's dense data (data.js): text (web/text/text-mode.js) and
// tagged sentences (web/tagging/tagging-mode.js). A mode is a class constructed with the
// Playground, with async load(spec), show()/hide(), step(), epoch(), play()/stop(), train(),
// reset(), linkState()/async restore(state) and dispose(); while one is active the training
// buttons and the link go to it and the plane is hidden (playground.js, playground-run.js).
import { TextMode } from '../text/text-mode.js';
import { TaggingMode } from '../tagging/tagging-mode.js';

/** The modes by the data's kind. */
export const MODES = { text: TextMode, sequences: TaggingMode };

export { MODE_PRESETS, modePresetOf } from './mode-presets.js';
