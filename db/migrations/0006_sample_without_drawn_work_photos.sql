-- The sample providers' "photos of our work" were drawings (a calculator for an access
-- control firm) shown as photos of real jobs; the files are gone from public/public-objects/,
-- and databases seeded before lose the rows that named them. A provider's own uploads are
-- /objects/ paths and stay.
DELETE FROM provider_work_photos
 WHERE image_path IN ('work-accessPoint-1.webp', 'work-accessPoint-2.webp',
                      'work-camera-1.webp', 'work-camera-2.webp', 'work-camera-3.webp',
                      'work-gate-1.webp', 'work-gate-2.webp',
                      'work-keypad-1.webp', 'work-keypad-2.webp', 'work-keypad-3.webp',
                      'work-rack-1.webp', 'work-rack-2.webp', 'work-rack-3.webp',
                      'work-studio-1.webp');
