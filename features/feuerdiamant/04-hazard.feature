Feature: Hazard
  Transcribes the rulebook section "1. Hazard" of the game sequence: the hazard
  die moves an indicator, and the event tokens it reaches are activated.

  @FD-HAZ-01
  Rule: A coloured symbol on the hazard die moves that colour's indicator one space forward, and no other
    Source: Game Sequence ¶31-32
    See also: FD-OBS-06, FD-CARD-04

    Example: red moves the red indicator from 2 to 3
      Given a 2-player game at difficulty 2
      And Justus has rolled "red" and 3
      When Justus moves the red hazard indicator
      Then the red hazard indicator stands on space 3
      And the blue hazard indicator stands on space 2

    Example: red does not let Justus move blue
      Given a 2-player game at difficulty 2
      And Justus has rolled "red" and 3
      When Justus tries to move the blue hazard indicator
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @FD-HAZ-02
  Rule: The star lets the player choose which of the four indicators moves one space forward
    Source: Game Sequence ¶32

    Example: a star moves white
      Given a 2-player game at difficulty 2
      And Justus has rolled "star" and 3
      When Justus moves the white hazard indicator
      Then the white hazard indicator stands on space 3
      And the red hazard indicator stands on space 2

    Example: on a star any of the four may be chosen
      Given a 2-player game at difficulty 2
      And Justus has rolled "star" and 3
      Then Justus may move the brown hazard indicator
      And Justus may move the blue hazard indicator
      And Justus may move the red hazard indicator
      And Justus may move the white hazard indicator

  @FD-HAZ-03 @model-tracks
  Rule: An indicator that reaches a space with an event token activates that token at once, before the turn goes on
    Source: Game Sequence ¶33; Cards and Tokens ¶108

    Example: red reaches the token on its space 6
      Given a 2-player game at difficulty 5
      And the event token "1 blue" lies on space 6 of the red track
      And Justus has rolled "red" and 3
      When Justus moves the red hazard indicator
      Then the event token on space 6 of the red track is activated
      And it is Justus's event step
      And Justus cannot move to "Zentrale"

  @FD-HAZ-04 @ruling @model-tracks
  Rule: An indicator that passes a space with an event token activates it too; tokens reached in one turn are carried out in the order they were reached
    Source: Game Sequence ¶33; Cards and Tokens ¶108
    The rulebook refers to a page we do not have for the order; we carry tokens
    out first come, first served: in the order the indicators reached them, and
    along one track the nearer token first. This is the track order for tokens
    on one track and the order of cause and effect across tracks.

    Example: a doubled die passes space 6 and lands on 7: both tokens, nearer first, one after the other
      Given a 2-player game at difficulty 5
      And the obstacle "Hazard Die x2" lies on "Leuchtturm"
      And no event token lies on the white track
      And the event token "1 white" lies on space 6 of the red track
      And the event token "roadblock Hospital~Kunstgalerie" lies on space 7 of the red track
      And Justus has rolled "red" and 3
      When Justus moves the red hazard indicator
      Then the activated event tokens are, in order: "1 white", "roadblock Hospital~Kunstgalerie"
      When Justus carries out the event
      Then the white hazard indicator stands on space 6
      And the event token on space 6 of the red track is gone
      And no roadblock lies between "Hospital" and "Kunstgalerie"
      And the activated event tokens are, in order: "roadblock Hospital~Kunstgalerie"
      And it is Justus's event step
      When Justus carries out the event
      Then the event token on space 7 of the red track is gone
      And a roadblock lies between "Hospital" and "Kunstgalerie"
      And it is Justus's movement step

    Example: a token activated by another token's symbol comes after it
      Given a 2-player game at difficulty 5
      And the event token "1 blue" lies on space 6 of the red track
      And the event token "roadblock Jachthafen~Schrottplatz" lies on space 6 of the blue track
      And Justus has rolled "red" and 3
      When Justus moves the red hazard indicator
      Then the activated event tokens are, in order: "1 blue"
      When Justus carries out the event
      Then the activated event tokens are, in order: "roadblock Jachthafen~Schrottplatz"
      And the blue hazard indicator stands on space 6

    Example: a token reached by the die waits before one reached later by a token's symbol
      Given a 2-player game at difficulty 5
      And the obstacle "Hazard Die x2" lies on "Leuchtturm"
      And no event token lies on the white track
      And the event token "1 blue" lies on space 6 of the red track
      And the event token "1 white" lies on space 7 of the red track
      And the event token "roadblock Jachthafen~Schrottplatz" lies on space 6 of the blue track
      And Justus has rolled "red" and 3
      When Justus moves the red hazard indicator
      And Justus carries out the event
      Then the blue hazard indicator stands on space 6
      And the white hazard indicator stands on space 5
      And the activated event tokens are, in order: "1 white", "roadblock Jachthafen~Schrottplatz"
      When Justus carries out the event
      Then the white hazard indicator stands on space 6
      And no roadblock lies between "Jachthafen" and "Schrottplatz"
      And the activated event tokens are, in order: "roadblock Jachthafen~Schrottplatz"
      When Justus carries out the event
      Then the event token on space 6 of the blue track is gone
      And a roadblock lies between "Jachthafen" and "Schrottplatz"
      And it is Justus's movement step

  @FD-HAZ-05 @model-tracks
  Rule: A roadblock token is placed on the board when carried out; every other event token goes into the box
    Source: Game Sequence ¶33

    Example: a symbol token leaves the track
      Given a 2-player game at difficulty 5
      And no event token lies on the blue track
      And the event token "1 blue" lies on space 6 of the red track
      And Justus has rolled "red" and 3
      When Justus moves the red hazard indicator
      And Justus carries out the event
      Then the event token on space 6 of the red track is gone
      And it is Justus's movement step

    Example: a roadblock token goes onto the board
      Given a 2-player game at difficulty 5
      And the event token "roadblock Hospital~Kunstgalerie" lies on space 6 of the red track
      And Justus has rolled "red" and 3
      When Justus moves the red hazard indicator
      And Justus carries out the event
      Then a roadblock lies between "Hospital" and "Kunstgalerie"
      And the event token on space 6 of the red track is gone

  @FD-HAZ-06 @ruling @model-tracks
  Rule: A token already activated and waiting is not activated again when its indicator, moved back by a card, reaches it a second time
    Source: Game Sequence ¶33; Cards and Tokens ¶89
    See also: FD-HAZ-04, FD-CARD-05
    "Investigation Success" may move an indicator back while tokens it has
    reached still wait to be carried out; when the indicator goes forward
    again it reaches them once more.  The rulebook carries every activated
    token out once: a waiting token keeps its one place in the order.

    Example: red goes back past the waiting "1 white" and forward again; "1 white" waits once
      Given a 2-player game at difficulty 5
      And the obstacle "Hazard Die x2" lies on "Leuchtturm"
      And Justus holds "Investigation Success"
      And no event token lies on the white track
      And the event token "1 red" lies on space 6 of the red track
      And the event token "1 white" lies on space 7 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Justus plays "Investigation Success" on the red track
      Then the red hazard indicator stands on space 6
      When Peter carries out the event
      Then the red hazard indicator stands on space 7
      And the activated event tokens are, in order: "1 white"
      When Peter carries out the event
      Then the white hazard indicator stands on space 6
      And it is Peter's movement step
