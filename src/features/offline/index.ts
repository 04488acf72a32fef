export { cacheSeenOnceControlled } from './cache-seen';
export { OutboxList } from './components/outbox-list';
export { UpdatePrompt } from './components/update-prompt';
export { saveToOutbox, startOutbox } from './outbox-runner';
