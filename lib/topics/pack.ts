import { compilePack } from './pack-compile';
import { PACK_DATA } from './pack-data';
import type { CompiledPack } from './pack-model';

export { compilePack } from './pack-compile';
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

/** The bundled pack (./pack/*.json), validated with zod and compiled once. Throws PackError if invalid. */
export function loadPack(): CompiledPack {
  loaded ??= compilePack(PACK_DATA);
  return loaded;
}
