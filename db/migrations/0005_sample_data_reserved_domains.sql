-- The sample data's addresses move to reserved domains (RFC 2606): the seeded providers'
-- e-mail and website domains were real-looking .co.za names that a stranger may own, so
-- the renewal reminders a seeded database writes could reach them once SMTP_URL is set.
-- Databases seeded before this change get the same rewrite as db/seed/ now writes.
UPDATE service_providers
   SET email = regexp_replace(email, '@([a-z]+)\.co\.za$', '@\1.example.com'),
       website = regexp_replace(website, '^https://www\.([a-z]+)\.co\.za$', 'https://www.\1.example.com')
 WHERE email IN ('info@highveldsecure.co.za', 'projects@lionsheadmedia.co.za',
                 'hello@umgeniwireless.co.za', 'sales@jacarandaaccess.co.za',
                 'service@algoaalarm.co.za', 'admin@rosestadnetworks.co.za');--> statement-breakpoint
UPDATE service_providers
   SET email = regexp_replace(email, '@example\.co\.za$', '@example.com'),
       website = regexp_replace(website, '\.example\.co\.za$', '.example.com')
 WHERE email ~ '^provider-[0-9]+@example\.co\.za$';
