// npm run migrate: applies the pending migrations of drizzle/ to DATABASE_PATH and exits. The app
// migrates on start too; this is for LiteFS (litefs.yml), where a primary candidate migrates
// before the app starts. A candidate that is not the primary yet opens the database read-only
// (db.server.ts) and leaves the migrations to the primary.
import { closeDb, getDb } from "~/utils/db.server";
import { isPrimaryInstance } from "~/utils/litefs.server";

getDb();
closeDb();
console.log(isPrimaryInstance() ? "Migrations appliquées." : "Réplique : les migrations sont faites par le primaire.");
