-- 0018: a comment's masked_text and rephrased_text equal to its text are stored as one byte, 0x80, which no text
-- written from a string can be (src-main/store/repos/textCopy.ts; docs/SCHEMA.md "Bytes per press"); any other value
-- as sent. Nothing is rewritten: a value stored before reads as itself. This migration changes no table: it marks
-- the stored form, so a version from before it, which would show the byte, refuses the file as a newer version's.
SELECT 1;
