/** Version of @ssg/core, part of every cache key. Kept in step with package.json by a test. */
export const CORE_VERSION = '0.1.0'
