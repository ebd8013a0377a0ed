import { setting, validateServerSettings } from '../server-settings.ts';

/**
 * The tuning numbers of the learned card outline (`card-corners-model.ts`) and of how identification
 * uses it. The window's shape (input size, margin, heatmap stride) is the model's contract, not a
 * tuning number: it lives beside the model in card-corners-model.ts and training/corners/common.py.
 */
export const identifySettings = {
  cornerBoxes: setting(
    2,
    'detector boxes',
    "the detector's best boxes whose card corners are found: the card asked about is the best box on almost every photo, the second covers a card beside it",
  ),
  cornerMinBoxScore: setting(
    0.3,
    'detector score',
    'a weaker box beyond the first is left out: it is a card-like object more often than a card, and each window costs a model run',
  ),
  cornerPasses: setting(
    1,
    'model runs per box',
    "a second run in a window centred on and sized to the card the first found did not help: on 100 kit photos its corners were within 2% of the card less often (12% and 8% against 14% and 9%, whole and frame, at 600 training steps)",
    true,
  ),
  cornerMinSharpness: setting(
    0.15,
    'share of heatmap mass',
    'an outline whose least sure corner holds less of its heatmap near the peak is left to the hand-written search: the model saw no card corner there',
  ),
};

const problems = validateServerSettings({ identify: identifySettings });
if (problems.length > 0) throw new RangeError(`Invalid identification settings: ${problems.join('; ')}`);
