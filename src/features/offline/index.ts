export { cacheSeenOnceControlled } from './cache-seen';
export { UpdatePrompt } from './components/update-prompt';
