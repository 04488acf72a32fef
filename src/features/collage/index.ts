export { COLLAGE_SLOTS, type CollageImage, collageImages } from './collage-data';
export { Collage } from './components/collage';
