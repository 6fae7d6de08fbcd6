/**
 * `/web` (and `/pt/web`…): the landing page's second address, which the site's own navigation uses,
 * so links to it keep working. The same page module serves both; its canonical address is `/`
 * (landing-metadata.ts).
 */
export { default, generateMetadata } from '../page';
