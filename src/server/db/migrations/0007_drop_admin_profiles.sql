DROP TABLE "admin_profiles";
