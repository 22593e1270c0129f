ALTER TABLE "invitations" ALTER COLUMN "apartment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "member_role" "role";--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_kind_check" CHECK (("invitations"."apartment_id" is null) = ("invitations"."member_role" is not null) and "invitations"."member_role" is distinct from 'resident');