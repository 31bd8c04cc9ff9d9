/**
 * Author names are compared folded: lower case and without diacritics, so `au:muller` finds "Müller" and
 * `au:Cortes` finds "Cortés". Names are not stemmed ("Jones" is not "Jone").
 */
export function foldName(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
