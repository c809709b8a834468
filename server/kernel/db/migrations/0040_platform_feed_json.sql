-- The platform's feed keeps each item as the text it was published as (json, not jsonb): the
-- adapter reads it whole, thousands of items a read, and jsonb made every read convert them
-- back to text (about a tenth of reading a bet). Nothing looks inside an item but tests.
ALTER TABLE platform_feed ALTER COLUMN body TYPE json;
