# A school's hub in miniature for tests/hub/test_hub.py, which appends the ports, the proxy's
# path and the students' home folders: any user name logs in with the password "class", and
# each student's server is a local process (as root it needs --allow-root). Loopback only.
c = get_config()  # noqa: F821  (JupyterHub provides it)
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = "class"
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.Spawner.ip = "127.0.0.1"
c.Spawner.args = ["--allow-root"] if __import__("os").getuid() == 0 else []
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.JupyterHub.tornado_settings = {"slow_spawn_timeout": 60}  # the link waits for the server
