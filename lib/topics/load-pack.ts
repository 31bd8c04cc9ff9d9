import COMPILED from './data/compiled.json';
import MODEL from './data/model.json';
import { loadModel, ModelError } from './model/model-load';
import { ModelScorer } from './model/model-score';
import { loadCompiledPack } from './pack/artifact';
import { extendPack, type RulePack } from './pack/model';

export {
  PackError,
  ROLE_CUE,
  ROLE_EXCLUDE,
  ROLE_GROUP,
  ROLE_REQUIRE,
  ROLE_STRONG,
  ROLE_TITLE_ONLY,
  ROLES,
  type RulePack,
  type TopicRules,
} from './pack/model';

/** The rules (pack/) and, when loaded with them, the learned layer (model/); without it the rules alone tag. */
export interface CompiledPack extends RulePack {
  model?: ModelScorer;
}

let loaded: CompiledPack | undefined;

/**
 * The bundled pack and its learned layer, loaded once: data/compiled.json, which is what `compilePack` (pack/compile.ts) makes
 * of the source pack (data/*.json; test/unit/topics/compiled-pack.test.ts keeps the two equal),
 * validated with zod here. Loading it parses no phrase and stems nothing; its phrase index is restored, and
 * its learned layer compiled, when it first tags. Throws PackError if invalid.
 * The compiler is not imported from here, so a bundle that only loads the pack does not carry it.
 */
export function loadPack(): CompiledPack {
  loaded ??= withModel(loadCompiledPack(COMPILED, true), MODEL, true);
  return loaded;
}

/**
 * The rules plus the learned layer (data/model.json, trained by `npm run train`). The version names
 * both, so papers stored under an older pack or model are re-tagged. Throws ModelError if the model is
 * invalid or covers a topic the pack does not have. `lazy`: only the version is read now, the model is
 * checked and compiled when first used to tag (the bundled model, which the unit tests load eagerly): a
 * worker woken to answer a page does not spend ~50 ms compiling a model it does not use.
 */
export function withModel(pack: RulePack, json: unknown, lazy = false): CompiledPack {
  const compile = () => {
    const model = loadModel(json);
    for (const id of model.topicIds)
      if (pack.byId.get(id)?.kind !== 'fine') throw new ModelError(`model: unknown topic ${id}`);
    return model;
  };
  if (!lazy) {
    const model = compile();
    return extendPack(pack, {
      version: `${pack.version}+model.${model.version}`,
      model: new ModelScorer(model),
    });
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (typeof version !== 'string') throw new ModelError('model: no version');
  return extendPack(pack, { version: `${pack.version}+model.${version}`, model: new ModelScorer(compile) });
}
