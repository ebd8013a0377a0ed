import { Type, type Static } from '@sinclair/typebox';
import { CandidateSchema } from './identify-schemas.ts';

const CornerSchema = Type.Tuple([Type.Number(), Type.Number()], { description: '[x, y] in the uploaded photo\'s pixels, EXIF orientation applied' });

export const PageCardSchema = Type.Object({
  quad: Type.Tuple([CornerSchema, CornerSchema, CornerSchema, CornerSchema], { description: "The card's four corners, clockwise from its top-left" }),
  candidates: Type.Array(CandidateSchema, { description: 'As /v1/vision/identify answers them: best first, empty when nothing matches' }),
});

export const IdentifyPageResultSchema = Type.Object({
  cards: Type.Array(PageCardSchema, { description: 'One entry per card found, top to bottom and left to right; empty when the photo shows none' }),
});

export type PageCardResult = Static<typeof PageCardSchema>;
export type IdentifyPageResult = Static<typeof IdentifyPageResultSchema>;
