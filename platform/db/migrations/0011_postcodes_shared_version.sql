-- Postcodes are shared reference data (decision 0028): a change bumps the shared-data version, so the location
-- service can keep postcode look-ups in memory per version.
CREATE TRIGGER "postcodes_bump_shared_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "postcodes" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shared_data_version"();
