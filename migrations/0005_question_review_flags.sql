ALTER TABLE `question_results` ADD `needs_review` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `question_results` ADD `review_reason` text;