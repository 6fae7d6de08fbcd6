/**
 * How many objects pdf-lib parses or writes before it yields to the event
 * loop, for work done in the server's own thread (finalizing). pdf-lib's
 * defaults (100 when loading, 50 when saving) yield with setTimeout(0), which
 * Node clamps to 1 ms: on a 100-page file that is more than half of a load
 * and save. 1,500 keeps a yield per few milliseconds of work on large files
 * and none on ordinary ones.
 */
export const OBJECTS_PER_TICK = 1500;
