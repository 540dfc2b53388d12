// npm run migrate: applies the pending migrations of drizzle/ to DATABASE_PATH and exits. The app
// migrates on start too; this is for LiteFS (litefs.yml), where only a primary candidate may write,
// before the app starts.
import { closeDb, getDb } from "~/utils/db.server";

getDb();
closeDb();
console.log("Migrations appliquées.");
