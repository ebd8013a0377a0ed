/**
 * Lower case without accents: the form stored in *_fold columns and applied to ci(...) values, so
 * 'evolutions' finds 'Évolutions' and names sort the same on every database locale.
 */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
