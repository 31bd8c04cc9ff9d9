import type { TaggableText } from '../../../../lib/paper';

/** Hand-written papers in the shape the tagger reads (TaggableText), with realistic titles and abstracts. */

export const agenticRl: TaggableText = {
  title: 'Agentic Reinforcement Learning for Large Language Models: A Survey',
  abstract:
    'Large language models (LLMs) are increasingly trained as autonomous agents. We survey agentic ' +
    'reinforcement learning (RL), where an LLM agent plans, calls tools and is optimised with on-policy RL ' +
    'such as Group Relative Policy Optimization (GRPO). We cover multi-turn credit assignment and reward models.',
  categories: ['cs.LG', 'cs.AI', 'cs.CL'],
  authors: ['Jane Smith', 'Bo Müller', 'Wei Zhang'],
};

export const robotRl: TaggableText = {
  title: 'Sim-to-Real Transfer of Locomotion Policies with Domain Randomization',
  abstract:
    'We train quadruped locomotion policies with reinforcement learning in simulation and transfer them ' +
    'to a real robot. Domain randomization over friction and mass makes the policy robust. The controller ' +
    'runs at 50 Hz on the onboard computer.',
  categories: ['cs.RO', 'cs.LG'],
  authors: ['Carlos Cortés', 'Priya Jones'],
};

export const worldModels: TaggableText = {
  title: 'World Models for Embodied Planning',
  abstract:
    'A world model predicts future observations from actions. We learn a latent world model from video ' +
    'and plan with it; the planner outperforms model-free baselines on navigation tasks in 3D scenes ' +
    'rendered with 3D Gaussian Splatting (3DGS).',
  categories: ['cs.CV', 'cs.RO'],
  authors: ['Smith, Alice', 'Kenji Tanaka'],
};

export const oldPhysics: TaggableText = {
  title: 'Duality in String Theory',
  abstract: 'We discuss S-duality of type IIB string theory and its consequences for D-branes.',
  categories: ['hep-th'],
  authors: ['A. Sen'],
};

export const emptyPaper: TaggableText = { title: '', abstract: '', categories: [], authors: [] };

export const allPapers: readonly TaggableText[] = [agenticRl, robotRl, worldModels, oldPhysics, emptyPaper];
