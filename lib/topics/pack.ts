import COMPILED from './pack/compiled.json';
import { loadCompiledPack } from './pack-artifact';
import type { CompiledPack } from './pack-model';

export {
  type CompiledPack,
  PackError,
  ROLE_CUE,
  ROLE_EXCLUDE,
  ROLE_GROUP,
  ROLE_REQUIRE,
  ROLE_STRONG,
  ROLE_TITLE_ONLY,
  ROLES,
  type TopicRules,
} from './pack-model';

let loaded: CompiledPack | undefined;

/**
 * The bundled pack, loaded once: ./pack/compiled.json, which is what `compilePack` (pack-compile.ts) makes
 * of the source pack (./pack/*.json; test/unit/topics/compiled-pack.test.ts keeps the two equal),
 * validated with zod here. Loading it parses no phrase and stems nothing. Throws PackError if invalid.
 * The compiler is not imported from here, so a bundle that only loads the pack does not carry it.
 */
export function loadPack(): CompiledPack {
  loaded ??= loadCompiledPack(COMPILED);
  return loaded;
}
