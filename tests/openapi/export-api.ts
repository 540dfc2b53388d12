// Généré par openapi-typescript depuis /api-docs/openapi.json : UPDATE_OPENAPI_CLIENT=1 npx vitest run tests/integration/export-api-openapi.test.ts
export interface paths {
    "/functions/v1/get-properties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exporter les annonces actives
         * @description Une page, l'export complet ou une page du flux de changements, selon le corps. La clé voit le propriétaire de ses propres annonces seulement. Chaque appel réussi est journalisé (onglet « Clés API Export »).
         */
        post: operations["getProperties"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    annonces: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Recevoir les changements de l'export
         * @description Vigimmo envoie ce POST à l'endpoint d'une connexion API de type Export active, par lots de 500 événements au plus. Vérifiez la signature sur le corps brut avant de le lire. Répondez 2xx en moins de 10 s ; sinon le même lot (même identifiant, mêmes événements) est renvoyé avec un délai qui double, pendant 24 h, puis la connexion passe en « Erreur ».
         */
        post: operations["receiveListingEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description Corps JSON de la requête (10 Ko au plus). Tout autre paramètre est refusé (400). */
        ExportRequest: {
            /** @description Votre clé d'export : efi_ suivi de 32 lettres et chiffres (page « Clés API Export »). */
            apiKey: string;
            /** @description Nombre maximal d'annonces. Absent ou null : toutes les annonces actives (réponse envoyée au fil de l'eau). Au plus 500 avec « cursor » ou « updatedSince » (c'est alors la valeur par défaut). */
            limit?: number | null;
            /** @description Nombre d'annonces à sauter avant la première renvoyée (0 par défaut). Ni avec « cursor », ni avec « updatedSince ». */
            offset?: number | null;
            /**
             * Format: date-time
             * @description Flux de changements : seulement les annonces modifiées après cet instant (date et heure ISO 8601 avec fuseau), la plus ancienne modification d'abord, et dans « removed » celles qui ont quitté l'export.
             */
            updatedSince?: string | null;
            /** @description Reprend là où une réponse précédente s'est arrêtée : son « next_cursor » (page suivante) ou son « sync_cursor » (synchronisation suivante), tel quel (200 caractères au plus). Propre à la clé qui l'a reçu. */
            cursor?: string | null;
        };
        /** @description Une page de l'export, ou l'export complet sans « limit ». */
        ExportPage: {
            /** @constant */
            success: true;
            /** @description Nombre d'annonces dans cette réponse */
            count: number;
            /** @description Nombre total d'annonces actives */
            total: number;
            /** @description La limite demandée ; null quand toutes les annonces sont demandées */
            limit: number | null;
            /** @description Le décalage appliqué ; null pour une page demandée par « cursor » */
            offset: number | null;
            /** @description Les annonces, des plus récentes aux plus anciennes (date de création puis identifiant) */
            properties: components["schemas"]["ExportedListing"][];
            /** @description À envoyer comme « cursor » pour la page suivante ; null quand l'export (ou le flux) s'arrête là. */
            next_cursor: string | null;
        };
        /** @description Une page du flux de changements. */
        ExportChanges: {
            /** @constant */
            success: true;
            /** @description Nombre d'annonces modifiées dans cette réponse */
            count: number;
            /** @description La limite appliquée */
            limit: number;
            /** @description Les annonces modifiées, la plus ancienne modification d'abord */
            properties: components["schemas"]["ExportedListing"][];
            /** @description Les annonces sorties de l'export sur la même période (refusées, retirées, supprimées) */
            removed: components["schemas"]["RemovedListing"][];
            /** @description À envoyer comme « cursor » pour la page suivante ; null quand l'export (ou le flux) s'arrête là. */
            next_cursor: string | null;
            /** @description À garder et à renvoyer comme « cursor » à la prochaine synchronisation : aucun changement n'est perdu */
            sync_cursor: string;
        };
        /** @description Une erreur : le code HTTP dit laquelle, le message l'explique. */
        ExportError: {
            /** @constant */
            success: false;
            /** @description Le message d'erreur, en français */
            error: string;
        };
        /** @description Une annonce active, telle que la clé la voit. */
        ExportedListing: {
            /** @description Identifiant Vigimmo de l'annonce */
            id: number;
            /** @description Titre */
            title: string;
            /** @description Description */
            description: string | null;
            /** @description Prix de vente ou loyer mensuel, en euros */
            price: number | null;
            /** @description Type de bien (Appartement, Maison…) */
            property_type: string | null;
            /**
             * @description sale : vente ; rental : location
             * @enum {string}
             */
            transaction_type: "sale" | "rental";
            /** @description Adresse */
            address: string | null;
            /** @description Ville */
            city: string | null;
            /** @description Code postal */
            postal_code: string | null;
            /** @description Surface habitable, en m² */
            surface_area: number | null;
            /** @description Nombre de pièces */
            rooms: number | null;
            /** @description Nombre de chambres */
            bedrooms: number | null;
            /** @description Nombre de salles de bain */
            bathrooms: number | null;
            /** @description Adresses des photos, la première en tête */
            images: string[];
            /** @description Équipements et atouts (Balcon, Ascenseur…) */
            features: string[];
            /** @description Charges mensuelles, en euros */
            property_charges: number | null;
            /** @description Étage (0 : rez-de-chaussée) */
            floor: number | null;
            /** @description Nombre d'étages de l'immeuble */
            total_floors: number | null;
            /** @description Année de construction */
            year_built: number | null;
            /** @description Classe énergie du DPE (A à G) */
            energy_rating: string | null;
            /** @description Adresse de l'annonce d'origine */
            source_url: string | null;
            /**
             * Format: date-time
             * @description Date d'import dans Vigimmo (ISO 8601, UTC)
             */
            created_at: string;
            /** @description Propriétaire : rempli seulement pour les annonces du compte de la clé, null sinon ou sans propriétaire. */
            owner: components["schemas"]["ExportedOwner"] | null;
            /**
             * @description Toujours active : seules les annonces validées sont exportées
             * @constant
             */
            status: "active";
            /**
             * Format: date-time
             * @description Date de l'analyse anti-arnaque
             */
            ai_checked_at: string | null;
            /** @description Score de suspicion de l'analyse, entre 0 et 1 */
            ai_confidence: number | null;
            /** @description Vérification de conformité, null tant que l'annonce n'a pas été contrôlée. */
            compliance: components["schemas"]["Compliance"] | null;
            /**
             * Format: date-time
             * @description Dernière modification du contenu exporté (validation, texte, prix, propriétaire…)
             */
            updated_at: string;
        };
        /** @description Propriétaire, seulement pour les annonces du compte de la clé. */
        ExportedOwner: {
            /** @description Prénom */
            first_name: string | null;
            /** @description Nom */
            last_name: string | null;
            /** @description Adresse e-mail */
            email: string | null;
        };
        /** @description Vérification au regard des règles françaises de la publicité immobilière. */
        Compliance: {
            /**
             * @description conforme, a_completer (mentions à ajouter) ou non_conforme
             * @enum {string}
             */
            status: "conforme" | "a_completer" | "non_conforme";
            /**
             * Format: date-time
             * @description Date à laquelle ce verdict a été établi
             */
            checked_at: string;
            /** @description Constats, vide pour une annonce conforme */
            findings: components["schemas"]["ComplianceFinding"][];
        };
        ComplianceFinding: {
            /** @description Code stable du constat (par exemple location.depot_absent) */
            code: string;
            /** @description Le constat, en français */
            message: string;
        };
        RemovedListing: {
            /** @description Identifiant de l'annonce à retirer de votre copie */
            id: number;
            /**
             * Format: date-time
             * @description Date de sortie de l'export
             */
            removed_at: string;
        };
        /** @description Un lot d'événements : toujours le même pour un même identifiant d'envoi. */
        WebhookBatch: {
            /** @description Les événements du lot, dans l'ordre des changements de chaque annonce */
            events: components["schemas"]["WebhookEvent"][];
            /**
             * Format: date-time
             * @description Date de cet envoi (chaque nouvel essai a la sienne)
             */
            sent_at: string;
        };
        WebhookEvent: {
            /** @constant */
            type: "listing.activated";
            /** @description Identifiant de l'annonce */
            id: number;
            /**
             * Format: date-time
             * @description Date du changement
             */
            occurred_at: string;
            /** @description L'annonce au moment où le lot a été constitué, comme la clé du compte la voit ; absente si elle a quitté l'export depuis (un listing.removed suit) */
            listing?: components["schemas"]["ExportedListing"];
        } | {
            /** @constant */
            type: "listing.updated";
            /** @description Identifiant de l'annonce */
            id: number;
            /**
             * Format: date-time
             * @description Date du changement
             */
            occurred_at: string;
            /** @description L'annonce au moment où le lot a été constitué, comme la clé du compte la voit ; absente si elle a quitté l'export depuis (un listing.removed suit) */
            listing?: components["schemas"]["ExportedListing"];
        } | {
            /** @constant */
            type: "listing.removed";
            /** @description Identifiant de l'annonce */
            id: number;
            /**
             * Format: date-time
             * @description Date de sortie de l'export
             */
            occurred_at: string;
        } | {
            /** @constant */
            type: "ping";
            /**
             * Format: date-time
             * @description Date de l'essai
             */
            occurred_at: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getProperties: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExportRequest"];
            };
        };
        responses: {
            /** @description Une page ou l'export complet (ExportPage : « total », « offset »), ou une page du flux de changements (ExportChanges : « removed », « sync_cursor ») quand le corps a « updatedSince » ou un curseur de flux. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportPage"] | components["schemas"]["ExportChanges"];
                };
            };
            /** @description Corps invalide. Messages : « Corps de requête invalide : un objet JSON est attendu » (corps absent ou qui n'est pas du JSON) ; « Corps de requête invalide : un objet JSON est attendu (par exemple {"apiKey": "efi_..."}) » (jSON qui n'est pas un objet ([], "texte", null…)) ; « Paramètre inconnu : « foo » (paramètres acceptés : apiKey, limit, offset, updatedSince, cursor) » (paramètre non prévu (ici « foo »)) ; « Le paramètre « apiKey » doit être une chaîne de caractères » (apiKey n'est pas une chaîne) ; « Le paramètre « limit » doit être un nombre entier compris entre 1 et 9007199254740991 » (limit absent des entiers positifs (0, -1, 2.5, "50"…)) ; « Le paramètre « offset » doit être un nombre entier compris entre 0 et 9007199254740991 » (offset négatif ou non entier) ; « Le paramètre « updatedSince » doit être une date et heure ISO 8601 avec son fuseau (par exemple 2026-01-31T08:00:00Z) » (updatedSince qui n'est pas une date et heure ISO 8601 avec fuseau) ; « Curseur invalide : renvoyez tel quel le « next_cursor » ou le « sync_cursor » d'une réponse précédente » (cursor modifié, tronqué ou inventé) ; « Ce curseur a été délivré à une autre clé API : chaque clé suit ses propres curseurs » (cursor reçu avec une autre clé API) ; « « cursor » et « offset » ne peuvent pas être combinés : le curseur donne déjà la position » (cursor et offset dans la même requête) ; « « updatedSince » et « offset » ne peuvent pas être combinés : suivez « next_cursor » » (updatedSince et offset dans la même requête) ; « Ce curseur continue la liste complète, pas un flux de changements : retirez « updatedSince » » (curseur de liste complète avec updatedSince) ; « Avec « cursor » ou « updatedSince », « limit » vaut au plus 500 » (limit au-dessus de 500 avec cursor ou updatedSince). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportError"];
                };
            };
            /** @description Clé absente ou inconnue. Messages : « Clé API manquante : ajoutez « apiKey » au corps de la requête » (apiKey absente ou vide) ; « Clé API invalide » (clé inconnue ou supprimée). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportError"];
                };
            };
            /** @description Clé désactivée. Messages : « Clé API désactivée : réactivez-la dans « Clés API Export » » (clé désactivée). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportError"];
                };
            };
            /** @description Position trop ancienne (cursor ou updatedSince) : « Position trop ancienne : les changements de plus de 30 jours ne sont plus conservés (« resync_required »). Resynchronisez entièrement votre copie : videz-la et repartez de « updatedSince » 1970-01-01T00:00:00Z ». */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: false;
                        /** @description Le message d'erreur, en français */
                        error: string;
                        /**
                         * @description La position (cursor ou updatedSince) est plus ancienne que les changements conservés : videz votre copie et repartez de updatedSince 1970-01-01T00:00:00Z.
                         * @constant
                         */
                        resync_required: true;
                    };
                };
            };
            /** @description Corps trop volumineux. Messages : « Corps de requête trop volumineux (10 Ko maximum) » (corps de plus de 10 Ko). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportError"];
                };
            };
            /** @description Trop de requêtes : réessayez après le délai de l'en-tête Retry-After. Messages : « Trop de requêtes pour cette clé API : réessayez dans 42 s » (plus de 600 appels par minute pour une clé (en-tête Retry-After)) ; « Trop de tentatives avec une clé API invalide : réessayez dans 120 s » (trop de clés invalides depuis une même adresse) ; « Un export complet est déjà en cours pour cette clé API : attendez sa fin (réessayez dans 30 s) ou paginez avec « cursor » » (un deuxième export complet avec la même clé pendant le premier) ; « Trop d'exports complets en cours : réessayez dans quelques secondes » (plus de 4 exports complets simultanés (toutes clés confondues)). */
            429: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportError"];
                };
            };
            /** @description Erreur interne : « Erreur interne du serveur : réessayez plus tard ». */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "error": "Erreur interne du serveur : réessayez plus tard"
                     *     }
                     */
                    "application/json": components["schemas"]["ExportError"];
                };
            };
        };
    };
    receiveListingEvents: {
        parameters: {
            query?: never;
            header: {
                /** @description Identifiant de l'envoi, le même à chaque nouvel essai d'un lot : ignorez un identifiant déjà traité. */
                "webhook-id": string;
                /** @description Heure de l'envoi, en secondes Unix. Refusez un envoi à plus de 5 minutes de votre horloge. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks : « v1,<signature> », plusieurs séparées par des espaces. La signature est le HMAC-SHA256, encodé en base64, de « webhook-id.webhook-timestamp.corps brut », avec pour clé les octets obtenus en décodant (base64) le secret de la connexion privé de son préfixe « whsec_ » (32 octets). Toute bibliothèque Standard Webhooks la vérifie. */
                "webhook-signature": string;
                /** @description Signature historique : « t=<secondes Unix>,v1=<HMAC-SHA256 hexadécimal de « t.corps brut »> », avec la clé de la connexion. */
                "X-Vigimmo-Signature": string;
                /** @description Identifiant de l'envoi (historique, égal à webhook-id). */
                "X-Vigimmo-Delivery": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "events": [
                 *         {
                 *           "type": "listing.activated",
                 *           "id": 12,
                 *           "occurred_at": "2026-11-28T15:27:14.369Z",
                 *           "listing": {
                 *             "id": 12,
                 *             "title": "Vente appartement T3 Toulouse",
                 *             "description": "Particulier vend un appartement charmant de 77 m², quartier Capitole. L'appartement se situe au 6e et dernier étage d'un immeuble des années 60 de 6 étages avec ascenseur. Il se compose d'une entrée, d'un séjour lumineux de 24 m², d'une cuisine indépendante, de 2 chambres et d'une salle d'eau récemment rénovée. Vous profiterez également d'une cave.\n\nChauffage collectif au gaz. DPE : E, GES : D. Boulangerie, marché et métro à deux pas ; la gare est à 18 minutes.\n\nPrix : 259 000 euros, vente de particulier à particulier, sans frais d'agence. Taxe foncière : 1 375 euros par an. Copropriété de 58 lots, charges d'environ 1 880 euros par an. Pas de travaux à prévoir. Visites possibles en semaine après 18 h et le samedi matin. Merci de me contacter via la messagerie du site.",
                 *             "price": 258950,
                 *             "property_type": "Appartement",
                 *             "transaction_type": "sale",
                 *             "address": "Capitole",
                 *             "city": "Toulouse",
                 *             "postal_code": "31000",
                 *             "surface_area": 77,
                 *             "rooms": 3,
                 *             "bedrooms": 2,
                 *             "bathrooms": null,
                 *             "images": [
                 *               "https://images.vigimmo-demo.fr/annonces/683d6693cb68b3a5d6e8afd1/1.jpg",
                 *               "https://images.vigimmo-demo.fr/annonces/683d6693cb68b3a5d6e8afd1/2.jpg",
                 *               "https://images.vigimmo-demo.fr/annonces/683d6693cb68b3a5d6e8afd1/3.jpg"
                 *             ],
                 *             "features": [
                 *               "Ascenseur",
                 *               "Cave",
                 *               "Dernier étage",
                 *               "Ancien",
                 *               "Sans compromis en cours"
                 *             ],
                 *             "property_charges": null,
                 *             "floor": 6,
                 *             "total_floors": 6,
                 *             "year_built": 1967,
                 *             "energy_rating": "E",
                 *             "source_url": "https://annonces.vigimmo-demo.fr/leboncoin/2419556666",
                 *             "created_at": "2026-11-27T15:15:25.349Z",
                 *             "owner": null,
                 *             "status": "active",
                 *             "ai_checked_at": "2026-11-27T15:15:25.349Z",
                 *             "ai_confidence": 0.08,
                 *             "compliance": {
                 *               "status": "a_completer",
                 *               "checked_at": "2026-11-28T15:27:14.370Z",
                 *               "findings": [
                 *                 {
                 *                   "code": "copropriete.procedures_absentes",
                 *                   "message": "Bien en copropriété : l'annonce doit dire si le syndicat fait l'objet d'une procédure (ou qu'il n'y en a pas)."
                 *                 }
                 *               ]
                 *             },
                 *             "updated_at": "2026-11-28T15:27:15.151Z"
                 *           }
                 *         },
                 *         {
                 *           "type": "listing.activated",
                 *           "id": 13,
                 *           "occurred_at": "2026-11-28T15:27:14.369Z"
                 *         },
                 *         {
                 *           "type": "listing.updated",
                 *           "id": 12,
                 *           "occurred_at": "2026-11-28T15:27:15.111Z",
                 *           "listing": {
                 *             "id": 12,
                 *             "title": "Vente appartement T3 Toulouse",
                 *             "description": "Particulier vend un appartement charmant de 77 m², quartier Capitole. L'appartement se situe au 6e et dernier étage d'un immeuble des années 60 de 6 étages avec ascenseur. Il se compose d'une entrée, d'un séjour lumineux de 24 m², d'une cuisine indépendante, de 2 chambres et d'une salle d'eau récemment rénovée. Vous profiterez également d'une cave.\n\nChauffage collectif au gaz. DPE : E, GES : D. Boulangerie, marché et métro à deux pas ; la gare est à 18 minutes.\n\nPrix : 259 000 euros, vente de particulier à particulier, sans frais d'agence. Taxe foncière : 1 375 euros par an. Copropriété de 58 lots, charges d'environ 1 880 euros par an. Pas de travaux à prévoir. Visites possibles en semaine après 18 h et le samedi matin. Merci de me contacter via la messagerie du site.",
                 *             "price": 258950,
                 *             "property_type": "Appartement",
                 *             "transaction_type": "sale",
                 *             "address": "Capitole",
                 *             "city": "Toulouse",
                 *             "postal_code": "31000",
                 *             "surface_area": 77,
                 *             "rooms": 3,
                 *             "bedrooms": 2,
                 *             "bathrooms": null,
                 *             "images": [
                 *               "https://images.vigimmo-demo.fr/annonces/683d6693cb68b3a5d6e8afd1/1.jpg",
                 *               "https://images.vigimmo-demo.fr/annonces/683d6693cb68b3a5d6e8afd1/2.jpg",
                 *               "https://images.vigimmo-demo.fr/annonces/683d6693cb68b3a5d6e8afd1/3.jpg"
                 *             ],
                 *             "features": [
                 *               "Ascenseur",
                 *               "Cave",
                 *               "Dernier étage",
                 *               "Ancien",
                 *               "Sans compromis en cours"
                 *             ],
                 *             "property_charges": null,
                 *             "floor": 6,
                 *             "total_floors": 6,
                 *             "year_built": 1967,
                 *             "energy_rating": "E",
                 *             "source_url": "https://annonces.vigimmo-demo.fr/leboncoin/2419556666",
                 *             "created_at": "2026-11-27T15:15:25.349Z",
                 *             "owner": null,
                 *             "status": "active",
                 *             "ai_checked_at": "2026-11-27T15:15:25.349Z",
                 *             "ai_confidence": 0.08,
                 *             "compliance": {
                 *               "status": "a_completer",
                 *               "checked_at": "2026-11-28T15:27:14.370Z",
                 *               "findings": [
                 *                 {
                 *                   "code": "copropriete.procedures_absentes",
                 *                   "message": "Bien en copropriété : l'annonce doit dire si le syndicat fait l'objet d'une procédure (ou qu'il n'y en a pas)."
                 *                 }
                 *               ]
                 *             },
                 *             "updated_at": "2026-11-28T15:27:15.151Z"
                 *           }
                 *         },
                 *         {
                 *           "type": "listing.updated",
                 *           "id": 13,
                 *           "occurred_at": "2026-11-28T15:27:15.113Z"
                 *         },
                 *         {
                 *           "type": "listing.updated",
                 *           "id": 12,
                 *           "occurred_at": "2026-11-28T15:27:15.151Z",
                 *           "listing": {
                 *             "id": 12,
                 *             "title": "Vente appartement T3 Toulouse",
                 *             "description": "Particulier vend un appartement charmant de 77 m², quartier Capitole. L'appartement se situe au 6e et dernier étage d'un immeuble des années 60 de 6 étages avec ascenseur. Il se compose d'une entrée, d'un séjour lumineux de 24 m², d'une cuisine indépendante, de 2 chambres et d'une salle d'eau récemment rénovée. Vous profiterez également d'une cave.\n\nChauffage collectif au gaz. DPE : E, GES : D. Boulangerie, marché et métro à deux pas ; la gare est à 18 minutes.\n\nPrix : 259 000 euros, vente de particulier à particulier, sans frais d'agence. Taxe foncière : 1 375 euros par an. Copropriété de 58 lots, charges d'environ 1 880 euros par an. Pas de travaux à prévoir. Visites possibles en semaine après 18 h et le samedi matin. Merci de me contacter via la messagerie du site.",
                 *             "price": 258950,
                 *             "property_type": "Appartement",
                 *             "transaction_type": "sale",
                 *             "address": "Capitole",
                 *             "city": "Toulouse",
                 *             "postal_code": "31000",
                 *             "surface_area": 77,
                 *             "rooms": 3,
                 *             "bedrooms": 2,
                 *             "bathrooms": null,
                 *             "images": [
                 *               "https://images.vigimmo-demo.fr/annonces/683d6693cb68b3a5d6e8afd1/1.jpg",
                 *               "https://images.vigimmo-demo.fr/annonces/683d6693cb68b3a5d6e8afd1/2.jpg",
                 *               "https://images.vigimmo-demo.fr/annonces/683d6693cb68b3a5d6e8afd1/3.jpg"
                 *             ],
                 *             "features": [
                 *               "Ascenseur",
                 *               "Cave",
                 *               "Dernier étage",
                 *               "Ancien",
                 *               "Sans compromis en cours"
                 *             ],
                 *             "property_charges": null,
                 *             "floor": 6,
                 *             "total_floors": 6,
                 *             "year_built": 1967,
                 *             "energy_rating": "E",
                 *             "source_url": "https://annonces.vigimmo-demo.fr/leboncoin/2419556666",
                 *             "created_at": "2026-11-27T15:15:25.349Z",
                 *             "owner": null,
                 *             "status": "active",
                 *             "ai_checked_at": "2026-11-27T15:15:25.349Z",
                 *             "ai_confidence": 0.08,
                 *             "compliance": {
                 *               "status": "a_completer",
                 *               "checked_at": "2026-11-28T15:27:14.370Z",
                 *               "findings": [
                 *                 {
                 *                   "code": "copropriete.procedures_absentes",
                 *                   "message": "Bien en copropriété : l'annonce doit dire si le syndicat fait l'objet d'une procédure (ou qu'il n'y en a pas)."
                 *                 }
                 *               ]
                 *             },
                 *             "updated_at": "2026-11-28T15:27:15.151Z"
                 *           }
                 *         },
                 *         {
                 *           "type": "listing.removed",
                 *           "id": 13,
                 *           "occurred_at": "2026-11-28T15:27:15.152Z"
                 *         }
                 *       ],
                 *       "sent_at": "2026-11-28T15:27:15.155Z"
                 *     }
                 */
                "application/json": components["schemas"]["WebhookBatch"];
            };
        };
        responses: {
            /** @description Lot reçu (toute réponse 2xx convient). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Toute autre réponse, ou pas de réponse à temps : le lot sera renvoyé. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
