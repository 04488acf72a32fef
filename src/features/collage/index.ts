export { COLLAGE_IMAGES, type CollageImage } from './collage-data';
export { Collage } from './components/collage';
