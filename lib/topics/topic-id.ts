/** A fine topic's id: a kebab-case slug of its name ("llm-agents", "3d-gaussian-splatting"). */
export const TOPIC_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
