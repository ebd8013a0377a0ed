export type EngineMode = 'model' | 'basic';
