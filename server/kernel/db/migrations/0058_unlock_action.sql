-- The server's unlock is named like the gateway's methods (system.unlock), so the operation
-- record names it in every language; the records written before say so too.
UPDATE operation_log SET method = 'system.unlock' WHERE method = 'npm run unlock';
