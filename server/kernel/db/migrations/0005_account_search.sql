-- Name suggestions as you type: a prefix search on the lower-case name, per site.
CREATE INDEX accounts_site_login_prefix ON accounts (site_id, lower(login_id) text_pattern_ops);
